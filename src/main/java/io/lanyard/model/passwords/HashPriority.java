package io.lanyard.model.passwords;

/**
 * Which part of the hash queue a hash may use (docs/security.md#reserved-hashing, #suspect-sources), from the least to the
 * most. A quarter of the queue is kept from ordinary work: a client holding a device marker for the name may use all of it,
 * a name that signed in successfully lately half of it. A flood of guesses, however many sources it comes from, so fills
 * three quarters of the queue at most, and the people it would starve still wait behind no more than that. Within the
 * ordinary part, a source whose password checks failed lately may use three quarters, a suspect one half: the rest is kept
 * for sources with a clean record, first-timers among them.
 */
public enum HashPriority {
  /** A suspect source ({@link SuspectSources}): half of the ordinary part. */
  SUSPECT,
  /** A source whose password checks failed lately, not yet suspect: three quarters of the ordinary part. */
  FAILED,
  /** Anyone with a clean record: the fair share between sources, in three quarters of the queue. */
  ORDINARY,
  /** A name that signed in successfully lately (anyone may type it, so only half of the reserve). */
  RETURNING,
  /** A client carrying a valid device marker for the name (only the owner's clients have one). */
  MARKED
}
