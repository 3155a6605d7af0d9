/**
 * Durable state for --data-dir: the whole state (and settings) is written atomically to
 * <dataDir>/state.json: temp file, fsync, rename, fsync of the folder. Writes are synchronous and
 * happen before the response of a mutating request is sent, so an acknowledged change survives a
 * crash (kill -9) of the emulator.
 */
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from "node:fs";
import { join } from "node:path";
import type { EmulatorState } from "./contract";
import type { RateLimitConfig } from "./rateLimit";

export interface Settings {
  asyncDelayMs: number;
  rateLimit: RateLimitConfig;
}

export interface PersistedDocument {
  format: 1;
  state: EmulatorState;
  settings: Settings;
}

export const STATE_FILE = "state.json";

export class Persistence {
  readonly file: string;

  constructor(readonly dataDir: string) {
    mkdirSync(dataDir, { recursive: true });
    this.file = join(dataDir, STATE_FILE);
  }

  /** The saved document, or undefined when the folder holds none yet. */
  load(): PersistedDocument | undefined {
    let text: string;
    try {
      text = readFileSync(this.file, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
    const document = JSON.parse(text) as PersistedDocument;
    if (document.format !== 1) throw new Error(`${this.file}: unknown format ${String(document.format)}`);
    return document;
  }

  save(state: EmulatorState, settings: Settings): void {
    const document: PersistedDocument = { format: 1, state, settings };
    const temporary = `${this.file}.${process.pid}.tmp`;
    const descriptor = openSync(temporary, "w");
    try {
      writeSync(descriptor, JSON.stringify(document));
      fsyncSync(descriptor);
    } finally {
      closeSync(descriptor);
    }
    renameSync(temporary, this.file);
    // The rename itself is durable only once the folder entry is flushed.
    const folder = openSync(this.dataDir, "r");
    try {
      fsyncSync(folder);
    } finally {
      closeSync(folder);
    }
  }
}
