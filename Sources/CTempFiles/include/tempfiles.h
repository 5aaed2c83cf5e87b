#ifndef WIDGETSHOT_TEMPFILES_H
#define WIDGETSHOT_TEMPFILES_H

/// The temporary files AtomicFile has open, kept where a signal handler can reach them without
/// allocating or locking, so that SIGINT, SIGTERM or SIGHUP removes them before the process exits.

/// Remembers a temporary file's path until `tempfiles_unregister`. Returns a slot number, or -1
/// when every slot is taken (the file is then only found by the next run's stale-file sweep).
int tempfiles_register(const char *path);

/// Forgets a slot: its file has been renamed into place or removed.
void tempfiles_unregister(int slot);

/// Remembers a child process (a widget folder's `swift build`, its runner) until
/// `tempfiles_unregister_child`: the signal handlers send it SIGINT before the process exits, so it
/// does not outlive us. `target` is what kill(2) takes: a process id, or minus a process group's
/// id for a child that leads its own group. Returns a slot number, or -1 when every slot is taken.
int tempfiles_register_child(int target);

/// Forgets a child's slot: it has ended (call before reaping it, so its id is not reused meanwhile).
void tempfiles_unregister_child(int slot);

/// Sends `signal_number` to every registered child (async-signal-safe). Returns how many.
int tempfiles_signal_children(int signal_number);

/// Installs handlers for SIGINT, SIGTERM and SIGHUP that unlink every registered file, send SIGINT
/// to every registered child and exit with 128 + the signal number (130 for SIGINT, 143 for
/// SIGTERM). A signal ignored at start (SIG_IGN, as `nohup` sets it) is left ignored.
void tempfiles_install_signal_handlers(void);

/// Between `begin` and `end`, a signal only marks the process as dying: the last `end` then
/// cleans up and exits, so two renames made inside (a golden and its manifest) happen both or
/// neither. `begin` on a dying process never returns.
void tempfiles_begin_uninterrupted(void);
void tempfiles_end_uninterrupted(void);

/// How many slots are registered now (tests).
int tempfiles_registered_count(void);

#endif
