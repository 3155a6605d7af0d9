// Integration tests talk to the in-process emulator; generous on a loaded machine, still a hang guard.
jest.setTimeout(60 * 1000);
