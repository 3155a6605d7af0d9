// End-to-end tests run the real Pulumi CLI (several seconds per command on a loaded machine).
jest.setTimeout(10 * 60 * 1000);
