// The functions are inline, in include/RelaxedAtomics.h; a C target needs one source file.
#include "RelaxedAtomics.h"
