/** The export command line: defaults, repeatable --cluster, and the two required options. */
import { resolve } from "node:path";
import { commandOptions } from "../../../../provider/cli/options";

describe("export options", () => {
  test("defaults: every cluster, project platform-export, stack dev, connection from the environment", () => {
    expect(commandOptions(["export", "--group", "5f1a0000000000000000e101", "--out", "infra"])).toEqual({
      command: "export",
      format: "program",
      groupId: "5f1a0000000000000000e101",
      clusters: [],
      out: resolve("infra"),
      force: false,
      project: "platform-export",
      stack: "dev",
      language: "typescript",
      baseUrl: undefined,
      publicKey: undefined,
      clientId: undefined,
    });
  });

  test("every option, --cluster repeated", () => {
    expect(
      commandOptions([
        "export",
        "--group",
        "5f1a0000000000000000e101",
        "--cluster",
        "a",
        "--cluster",
        "b",
        "--out",
        "x",
        "--force",
        "--project",
        "acme",
        "--stack",
        "prod",
        "--language",
        "go",
        "--base-url",
        "https://h/api/p/v2",
        "--public-key",
        "pub",
        "--client-id",
        "sa",
      ]),
    ).toEqual({
      command: "export",
      format: "program",
      groupId: "5f1a0000000000000000e101",
      clusters: ["a", "b"],
      out: resolve("x"),
      force: true,
      project: "acme",
      stack: "prod",
      language: "go",
      baseUrl: "https://h/api/p/v2",
      publicKey: "pub",
      clientId: "sa",
    });
  });

  test("--group and --out are required; a private key is not an option", () => {
    expect(() => commandOptions(["export", "--out", "x"])).toThrow(
      "--group is required: the project id to export",
    );
    expect(() => commandOptions(["export", "--group", "5f1a0000000000000000e101"])).toThrow(
      "--out is required: the folder to write the program to",
    );
    expect(() =>
      commandOptions(["export", "--group", "5f1a0000000000000000e101", "--out", "x", "--private-key", "k"]),
    ).toThrow("Unknown option '--private-key'");
  });

  test("--language takes typescript, yaml, python or go; another value is refused naming the option", () => {
    for (const language of ["typescript", "yaml", "python", "go"]) {
      expect(
        commandOptions([
          "export",
          "--group",
          "5f1a0000000000000000e101",
          "--out",
          "x",
          "--language",
          language,
        ]),
      ).toMatchObject({ language });
    }
    expect(() =>
      commandOptions(["export", "--group", "5f1a0000000000000000e101", "--out", "x", "--language", "java"]),
    ).toThrow('--language must be one of typescript, yaml, python, go; got "java"');
    expect(() =>
      commandOptions(["export", "--group", "5f1a0000000000000000e101", "--out", "x", "--language", "YAML"]),
    ).toThrow('--language must be one of typescript, yaml, python, go; got "YAML"');
  });

  test("--format takes program or import-file; an import file takes no language, project or stack", () => {
    const base = ["export", "--group", "5f1a0000000000000000e101", "--out", "x.json"];
    expect(commandOptions([...base, "--format", "import-file"])).toMatchObject({
      format: "import-file",
      out: resolve("x.json"),
    });
    expect(commandOptions([...base, "--format", "program"])).toMatchObject({ format: "program" });
    expect(() => commandOptions([...base, "--format", "json"])).toThrow(
      '--format must be one of program, import-file; got "json"',
    );
    for (const [option, value] of [
      ["language", "go"],
      ["project", "acme"],
      ["stack", "prod"],
    ]) {
      expect(() =>
        commandOptions([...base, "--format", "import-file", `--${option}`, String(value)]),
      ).toThrow(
        `--${option} applies to --format program only: an import file is the same for a program in any language`,
      );
    }
    expect(() =>
      commandOptions(["export", "--group", "5f1a0000000000000000e101", "--format", "import-file"]),
    ).toThrow("--out is required: the file to write the import file to");
  });
});
