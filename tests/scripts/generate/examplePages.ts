/**
 * The example programs of the resource pages as written on disk (docs/resources/<name>.md, the
 * generated block "examples"), for the tests that compile and preview them in each language
 * (examples.test.ts, examples.int.test.ts, examples.e2e.test.ts beside this file).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { declaredResources, PACKAGE_SCHEMA_FILE, ROOT } from "../../../scripts/generate";
import { markers } from "../../../scripts/generate/docs";
import {
  EXAMPLES_BLOCK,
  type ExampleLanguage,
  type ExampleSchema,
  examplesOnPage,
} from "../../../scripts/generate/examples";

export interface PageExamples {
  /** The page's folder name (`searchIndex`). */
  folder: string;
  /** The resource's `<Type>`. */
  type: string;
  programs: Record<ExampleLanguage, string>;
}

/** Every resource page's examples, in the declarations' order. */
export function pageExamples(): PageExamples[] {
  const { begin, end } = markers(EXAMPLES_BLOCK);
  return declaredResources().map(({ definition, folder }) => ({
    folder,
    type: definition.type,
    programs: examplesOnPage(
      readFileSync(join(ROOT, "docs", "resources", `${folder}.md`), "utf8"),
      begin,
      end,
    ),
  }));
}

/** The committed package schema of the native plugin (what sdk/native is generated from). */
export function packageSchema(): ExampleSchema & {
  resources: Record<string, { requiredInputs?: string[] }>;
  types: Record<string, { required?: string[] }>;
} {
  return JSON.parse(readFileSync(join(ROOT, PACKAGE_SCHEMA_FILE), "utf8"));
}
