// The executable's SIGINT and SIGTERM handling, in C so that the handler is an ordinary
// C function: no Swift runtime, no actor isolation, no allocation. It does only what is
// async-signal-safe: atomic loads and stores of lock-free integers, sigaction, write, _exit.
//
// The first signal is recorded and both signals get their default action back, so that a
// second one ends the process at once. What the first does depends on the running command:
// - a command that polls (`stop_signals_received`) is left to stop itself and report;
// - a command that does not (`stop_signals_exit_at_once(1)`) ends at once, with one line on
//   standard error and the status a shell gives a process the signal ended (128 + signal),
//   except inside a critical section (a file being written), which ends it on leaving.
#ifndef STOP_SIGNALS_H
#define STOP_SIGNALS_H

// Installs the handler for SIGINT and SIGTERM. Call once, before any thread starts.
void stop_signals_install(void);

// The number of the first signal received, 0 while none was.
int stop_signals_received(void);

// Whether a signal ends the process at once (non-zero) or is only recorded (0, the start).
// Turning it on after a signal was recorded, outside a critical section, ends the process.
void stop_signals_exit_at_once(int enabled);

// A section a signal must not cut short (writing a file): sections nest; leaving the last
// one ends the process if a signal came meanwhile and the signal ends it at once.
void stop_signals_enter_critical(void);
void stop_signals_leave_critical(void);

#endif
