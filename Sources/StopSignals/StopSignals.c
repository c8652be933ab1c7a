#include "StopSignals.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

// Lock-free on every platform flowcheck builds for, hence usable from a handler
// (C11 7.14.1.1: a handler may use lock-free atomic objects). Sequentially consistent:
// the handler stores `received` then reads `critical`, the main thread decrements
// `critical` then reads `received`, and one of the two always sees the other's store.
_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "a signal handler may use only lock-free atomics");

static atomic_int received;
static atomic_int exits_at_once;
static atomic_int critical;

static void write_line(const char *text) {
  size_t length = strlen(text);
  while (length > 0) {
    ssize_t written = write(2, text, length);
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) return;
    text += written;
    length -= (size_t)written;
  }
}

static void exit_now(int signal_number) {
  write_line(signal_number == SIGTERM ? "flowcheck: terminated by SIGTERM; the command was stopped\n"
                                      : "flowcheck: interrupted by SIGINT; the command was stopped\n");
  _exit(128 + signal_number);
}

static void set_action(int signal_number, void (*handler)(int)) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = handler;
  sigemptyset(&action.sa_mask);
  if (handler != SIG_DFL) {
    // Neither signal interrupts the handler; system calls it interrupts are restarted.
    sigaddset(&action.sa_mask, SIGINT);
    sigaddset(&action.sa_mask, SIGTERM);
    action.sa_flags = SA_RESTART;
  }
  sigaction(signal_number, &action, 0);
}

static void handle(int signal_number) {
  int saved_errno = errno;
  int expected = 0;
  atomic_compare_exchange_strong(&received, &expected, signal_number);
  set_action(SIGINT, SIG_DFL);
  set_action(SIGTERM, SIG_DFL);
  if (atomic_load(&exits_at_once) && atomic_load(&critical) == 0) exit_now(atomic_load(&received));
  errno = saved_errno;
}

void stop_signals_install(void) {
  set_action(SIGINT, handle);
  set_action(SIGTERM, handle);
  // A parent may start the process with the signals blocked (the mask is inherited across
  // exec): blocked, they would stay pending and never stop it.
  sigset_t stops;
  sigemptyset(&stops);
  sigaddset(&stops, SIGINT);
  sigaddset(&stops, SIGTERM);
  pthread_sigmask(SIG_UNBLOCK, &stops, 0);
}

int stop_signals_received(void) { return atomic_load(&received); }

void stop_signals_exit_at_once(int enabled) {
  atomic_store(&exits_at_once, enabled != 0);
  int signal_number = atomic_load(&received);
  if (enabled && signal_number != 0 && atomic_load(&critical) == 0) exit_now(signal_number);
}

void stop_signals_enter_critical(void) { atomic_fetch_add(&critical, 1); }

void stop_signals_leave_critical(void) {
  if (atomic_fetch_sub(&critical, 1) != 1 || !atomic_load(&exits_at_once)) return;
  int signal_number = atomic_load(&received);
  if (signal_number != 0) exit_now(signal_number);
}
