/** The request log of /api/** calls, for tests and debugging. It holds who called what and the
 * outcome, never credentials: no headers, no query strings, no bodies. */
export interface RequestLogEntry {
  time: string;
  method: string;
  /** Path without the query string (queries could carry tokens in misbehaving clients). */
  path: string;
  status: number;
  /** Public key or client id of the authenticated caller, null when unauthenticated. */
  principal: string | null;
  /** The operation id that answered, when routing got that far. */
  operation: string | null;
  durationMs: number;
  /** The fault applied, if any. */
  fault: string | null;
}

/** As recorded on the hot path: the time stays a number until someone reads the log. */
export type RecordedRequest = Omit<RequestLogEntry, "time"> & { epochMs: number };

export class RequestLog {
  private entries: RecordedRequest[] = [];

  constructor(private readonly capacity = 10_000) {}

  record(entry: RecordedRequest): void {
    this.entries.push(entry);
    // Trim in chunks so the log costs O(1) amortized per request.
    if (this.entries.length > this.capacity * 1.1) this.entries = this.entries.slice(-this.capacity);
  }

  list(): RequestLogEntry[] {
    return this.entries.slice(-this.capacity).map(({ epochMs, ...rest }) => ({
      time: new Date(epochMs).toISOString(),
      ...rest,
    }));
  }

  clear(): void {
    this.entries = [];
  }
}
