// The function is inline, in include/MallocArena.h; a C target needs one source file.
#include "MallocArena.h"
