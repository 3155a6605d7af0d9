/** The command line: options parsed per command, bad input rejected naming the option and the rule. */
import { resolve } from "node:path";
import { causeOf } from "../../../provider/cli/engine";
import { commandOptions } from "../../../provider/cli/options";

describe("commandOptions", () => {
  test("drift with every option", () => {
    expect(
      commandOptions([
        "drift",
        "--stack",
        "prod",
        "--cwd",
        "infra",
        "--json",
        "--markdown",
        "r.md",
        "--fail-on",
        "changes",
      ]),
    ).toEqual({
      command: "drift",
      stack: "prod",
      cwd: resolve("infra"),
      json: true,
      markdown: resolve("r.md"),
      failOn: "changes",
    });
  });

  test("drift defaults: the selected stack, the current folder, text, fail on drift", () => {
    expect(commandOptions(["drift"])).toEqual({
      command: "drift",
      stack: undefined,
      cwd: resolve("."),
      json: false,
      markdown: undefined,
      failOn: "drift",
    });
  });

  test("bad input names the option and the rule", () => {
    expect(() => commandOptions(["drift", "--fail-on", "sometimes"])).toThrow(
      '--fail-on must be one of drift, changes, never, got "sometimes"',
    );
    expect(() => commandOptions(["drift", "--stacks", "prod"])).toThrow("Unknown option '--stacks'");
    expect(() => commandOptions(["drfit"])).toThrow('unknown command "drfit"');
  });

  test("recover and migrate: one stack of one folder; --backup is migrate's only", () => {
    expect(commandOptions(["recover", "--stack", "dev", "--json"])).toEqual({
      command: "recover",
      stack: "dev",
      cwd: resolve("."),
      json: true,
    });
    expect(commandOptions(["migrate", "--cwd", "infra", "--backup", "b.json"])).toEqual({
      command: "migrate",
      stack: undefined,
      cwd: resolve("infra"),
      backup: resolve("b.json"),
      json: false,
    });
    expect(() => commandOptions(["recover", "--backup", "b.json"])).toThrow("Unknown option '--backup'");
  });

  test("help", () => {
    expect(commandOptions([])).toEqual({ command: "help" });
    expect(commandOptions(["--help"])).toEqual({ command: "help" });
  });
});

describe("causeOf", () => {
  test("the engine's error diagnostic, on one line, without colour codes", () => {
    expect(
      causeOf(new Error("code: 255"), [
        "\u001b[31mAuthentication failed: the API key was refused (401)\u001b[0m\n",
      ]),
    ).toBe("Authentication failed: the API key was refused (401)");
  });

  test("else the CLI's first error line", () => {
    expect(
      causeOf(new Error("code: 255\n stdout: \n stderr: error: no stack named 'prod' found\n"), []),
    ).toBe("no stack named 'prod' found");
  });
});
