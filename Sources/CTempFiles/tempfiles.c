#include "tempfiles.h"

#include <limits.h>
#include <stddef.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

// One slot per file being written at once: a handful of worker threads each write one file at a
// time, so 128 is far more than needed.
#define SLOT_COUNT 128

// A seqlock per slot: `sequence` is odd while the path is being changed, so the handler, which
// may interrupt a writer on any thread, copies a path only when the sequence was even and
// unchanged around the copy. Everything the handler does is async-signal-safe: atomic loads,
// memcpy into its own stack, unlink and _exit.
struct slot {
    atomic_int taken;
    atomic_uint sequence;
    char path[PATH_MAX];
};

static struct slot slots[SLOT_COUNT];

// Child processes to stop when a signal ends us: kill(2)'s target per slot (a process id, or minus
// a process group's id), 0 when free.
#define CHILD_SLOT_COUNT 64
static atomic_int children[CHILD_SLOT_COUNT];

int tempfiles_register_child(int target) {
    // Never 0 (our own group), -1 (every process we may signal) or 1 (init).
    if (target == 0 || target == -1 || target == 1) return -1;
    for (int i = 0; i < CHILD_SLOT_COUNT; i++) {
        int expected = 0;
        if (atomic_compare_exchange_strong(&children[i], &expected, target)) return i;
    }
    return -1;
}

void tempfiles_unregister_child(int i) {
    if (i < 0 || i >= CHILD_SLOT_COUNT) return;
    atomic_store(&children[i], 0);
}

int tempfiles_signal_children(int signal_number) {
    int n = 0;
    for (int i = 0; i < CHILD_SLOT_COUNT; i++) {
        int target = atomic_load(&children[i]);
        if (target != 0 && kill(target, signal_number) == 0) n++;
    }
    return n;
}
static atomic_int next_slot;
static atomic_int dying;          // the signal number once one arrived, else 0
static atomic_int uninterrupted;  // threads inside begin/end

int tempfiles_register(const char *path) {
    size_t length = strlen(path);
    if (length >= PATH_MAX) return -1;
    // Start where the last search ended, so a slot just freed is not reused at once.
    int start = atomic_fetch_add(&next_slot, 1);
    for (int k = 0; k < SLOT_COUNT; k++) {
        int i = (int)(((unsigned)start + (unsigned)k) % SLOT_COUNT);
        int expected = 0;
        if (!atomic_compare_exchange_strong(&slots[i].taken, &expected, 1)) continue;
        atomic_fetch_add(&slots[i].sequence, 1);
        memcpy(slots[i].path, path, length + 1);
        atomic_fetch_add(&slots[i].sequence, 1);
        return i;
    }
    return -1;
}

void tempfiles_unregister(int i) {
    if (i < 0 || i >= SLOT_COUNT) return;
    atomic_fetch_add(&slots[i].sequence, 1);
    slots[i].path[0] = 0;
    atomic_fetch_add(&slots[i].sequence, 1);
    atomic_store(&slots[i].taken, 0);
}

int tempfiles_registered_count(void) {
    int n = 0;
    for (int i = 0; i < SLOT_COUNT; i++) n += atomic_load(&slots[i].taken) != 0;
    return n;
}

static void remove_all_and_exit(int signal_number) {
    // SwiftPM cancels a build and stops its compilers on SIGINT (SIGTERM would end swift-build alone).
    tempfiles_signal_children(SIGINT);
    char path[PATH_MAX];
    for (int i = 0; i < SLOT_COUNT; i++) {
        unsigned before = atomic_load(&slots[i].sequence);
        if (before & 1u) continue;  // being set: its file is not created yet; or being cleared: already renamed
        memcpy(path, slots[i].path, PATH_MAX);
        path[PATH_MAX - 1] = 0;
        if (atomic_load(&slots[i].sequence) != before || path[0] == 0) continue;
        unlink(path);
    }
    _exit(128 + signal_number);
}

static void on_signal(int signal_number) {
    atomic_store(&dying, signal_number);
    if (atomic_load(&uninterrupted) > 0) return;  // the last tempfiles_end_uninterrupted exits
    remove_all_and_exit(signal_number);
}

void tempfiles_install_signal_handlers(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_signal;
    action.sa_flags = SA_RESTART;  // a deferred signal must not make the writer's syscalls fail
    sigemptyset(&action.sa_mask);
    const int signals[] = {SIGINT, SIGTERM, SIGHUP};
    for (size_t k = 0; k < sizeof signals / sizeof signals[0]; k++) {
        // A signal ignored when we started stays ignored (`nohup`, `cmd &` in a script).
        struct sigaction old;
        if (sigaction(signals[k], NULL, &old) == 0 && old.sa_handler == SIG_IGN) continue;
        sigaction(signals[k], &action, NULL);
    }
}

void tempfiles_end_uninterrupted(void) {
    // Both sides use sequentially consistent atomics: either the handler sees this thread inside
    // (and defers to it) or this thread sees `dying` on its way out.
    if (atomic_fetch_sub(&uninterrupted, 1) == 1) {
        int signal_number = atomic_load(&dying);
        if (signal_number != 0) remove_all_and_exit(signal_number);
    }
}

void tempfiles_begin_uninterrupted(void) {
    atomic_fetch_add(&uninterrupted, 1);
    if (atomic_load(&dying) != 0) {
        tempfiles_end_uninterrupted();  // exits when this was the section the handler waited for
        for (;;) pause();               // another section is finishing; it exits the process
    }
}
