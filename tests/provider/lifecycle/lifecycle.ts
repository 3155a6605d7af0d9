/**
 * The lifecycle of one resource as the engine drives it (pulumi-go-provider's `LifeCycleTest`), in a
 * given form, against the in-process emulator:
 *
 *   check -> create -> read (refresh: no change, no write) -> diff (no change, no write)
 *   -> out-of-band change -> read reports it -> diff shows it -> update converges it (or the program
 *      takes it) -> read and diff: no change
 *   -> the program's change: check -> diff (update or replace, per the property table) -> update in
 *      place, or create the replacement and delete the old object (in the order diff asks)
 *      -> read and diff: no change
 *   -> adopt: forget the object, create with importId (where the type has one), and read it from its
 *      id alone (where the form can: `pulumi import`) -> diff: no change
 *   -> delete -> read reports it gone (or what the type's delete promises instead)
 *
 * Each step's failure names the type, the form and the step.
 */
import { lookupDefinition } from "../../../provider/runtime";
import type { EmulatorFixture } from "../resources/emulatorFixture";
import type { LifecycleCase, LiveObject } from "./cases";
import type { Bag, Form } from "./forms";

/** What the engine holds of the object: its id and the form's wire values of its inputs and outputs. */
interface Stored {
  id: string;
  inputs: Bag;
  outputs: Bag;
}

/** The value at a dotted path ("specs.0.nodeCount"). */
function at(bag: Bag, path: string): unknown {
  return path
    .split(".")
    .reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], bag);
}

/** The input properties a change touches whose change replaces the object, per the declaration's property table. */
function replacedBy(type: string, change: Bag): string[] {
  const properties = lookupDefinition(type)?.properties ?? {};
  return Object.keys(change)
    .filter((name) => properties[name]?.effect === "replace")
    .sort();
}

export async function driveLifecycle(
  form: Form,
  fx: EmulatorFixture,
  lifecycleCase: LifecycleCase,
): Promise<void> {
  const { type } = lifecycleCase;
  const declaration = lookupDefinition(type);
  if (declaration === undefined) throw new Error(`${type} is not declared`);
  const secrets = [
    ...(lifecycleCase.secrets ?? []),
    ...Object.entries(declaration.properties)
      .filter(([, rule]) => rule.secret === true && rule.effect !== "output")
      .map(([name]) => name),
  ];

  const step = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const wrapped = new Error(`${type}, ${form.name} form, step "${name}": ${message}`);
      if (error instanceof Error && error.stack !== undefined)
        wrapped.stack = `${wrapped.message}\n${error.stack}`;
      throw wrapped;
    }
  };
  const plainOf = (stored: Stored): LiveObject => ({
    id: stored.id,
    inputs: form.plain(stored.inputs),
    outputs: form.plain(stored.outputs),
  });

  /** The requests other than GET the emulator served since its log was cleared. */
  const writes = () =>
    fx.emu.core.requestLog
      .list()
      .filter((entry) => entry.method !== "GET")
      .map((entry) => `${entry.method} ${entry.path}`);
  /** The engine's check of the program's inputs against the stored ones. */
  const checked = async (program: Bag, olds: Bag): Promise<Bag> => {
    const answer = await form.check(type, olds, form.programInputs(type, program, secrets));
    expect(answer.failures).toEqual([]);
    return answer.inputs;
  };
  /** A refresh's read: the object is there, its outputs are as stored, and it writes nothing. */
  const refreshed = async (stored: Stored): Promise<Stored> => {
    fx.emu.core.requestLog.clear();
    const read = await form.read(type, stored.id, stored);
    expect(read.id).toBe(stored.id);
    expect(form.plain(read.outputs)).toEqual(form.plain(stored.outputs));
    expect(writes()).toEqual([]);
    return { id: stored.id, inputs: read.inputs, outputs: read.outputs };
  };
  /** A preview of the unchanged program: diff finds nothing, and nothing but reads reaches the service. */
  const unchanged = async (stored: Stored, program: Bag): Promise<void> => {
    fx.emu.core.requestLog.clear();
    const news = await checked(program, stored.inputs);
    expect(await form.diff(type, stored.id, stored.outputs, stored.inputs, news)).toEqual({
      changes: false,
      replaces: [],
      deleteBeforeReplace: false,
    });
    expect(writes()).toEqual([]);
  };
  const create = async (program: Bag): Promise<Stored> => {
    const inputs = await checked(program, {});
    const { id, outputs } = await form.create(type, inputs);
    expect(id.split("/")).toHaveLength(declaration.idParts.length);
    return { id, inputs, outputs };
  };

  const ids = (await step("setup", async () => lifecycleCase.setup?.(fx))) ?? {};
  let program = lifecycleCase.inputs(ids);

  let stored = await step("check and create", () => create(program));
  stored = await step("read after create", () => refreshed(stored));
  await step("diff after create", () => unchanged(stored, program));

  const outOfBand = lifecycleCase.outOfBand;
  if (outOfBand === undefined) {
    // The type's object cannot change out of band: a later refresh still reads it as stored.
    fx.emu.advance(3_600_000);
    stored = await step("read an hour later", () => refreshed(stored));
  } else {
    await step("out-of-band change", () => outOfBand.change(fx, plainOf(stored)));
    const reads = outOfBand.reads;
    if (reads === "stored") {
      stored = await step("read after the out-of-band change (as stored)", () => refreshed(stored));
    } else if (reads === "gone") {
      await step("read after the out-of-band change (gone)", async () => {
        expect((await form.read(type, stored.id, stored)).id).toBeUndefined();
      });
      // The refresh drops it from state; the next up creates it again.
      stored = await step("create again", () => create(program));
    } else {
      const read = await step("read after the out-of-band change", async () => {
        const answer = await form.read(type, stored.id, stored);
        expect(answer.id).toBe(stored.id);
        expect(at(form.plain(answer.inputs), reads.path)).toEqual(reads.value);
        return { id: stored.id, inputs: answer.inputs, outputs: answer.outputs };
      });
      if (outOfBand.accepted === true) {
        if (reads.path.includes(".")) throw new Error("the program takes a top-level input only");
        program = { ...program, [reads.path]: reads.value };
        stored = read;
      } else {
        stored = await step("diff and update converge the out-of-band change", async () => {
          const news = await checked(program, read.inputs);
          const diff = await form.diff(type, read.id, read.outputs, read.inputs, news);
          expect(diff).toEqual({ changes: true, replaces: [], deleteBeforeReplace: false });
          const outputs = await form.update(type, read.id, read.outputs, read.inputs, news);
          expect(at(form.plain(outputs), reads.path)).toEqual(at(form.plain(news), reads.path));
          return { id: read.id, inputs: news, outputs };
        });
      }
      stored = await step("read after converging", () => refreshed(stored));
      await step("diff after converging", () => unchanged(stored, program));
    }
  }

  const change = lifecycleCase.change(ids);
  const replaces = replacedBy(type, change);
  const changedProgram = { ...program, ...change };
  const kind = replaces.length === 0 ? "update" : "replace";
  stored = await step(`${kind} (${Object.keys(change).join(", ")})`, async () => {
    const news = await checked(changedProgram, stored.inputs);
    const diff = await form.diff(type, stored.id, stored.outputs, stored.inputs, news);
    expect({ changes: diff.changes, replaces: [...diff.replaces].sort() }).toEqual({
      changes: true,
      replaces,
    });
    if (kind === "update") {
      const outputs = await form.update(type, stored.id, stored.outputs, stored.inputs, news);
      return { id: stored.id, inputs: news, outputs };
    }
    const old = stored;
    if (diff.deleteBeforeReplace) await form.delete(type, old.id, old.outputs);
    const { id, outputs } = await form.create(type, news);
    if (!diff.deleteBeforeReplace) await form.delete(type, old.id, old.outputs);
    return { id, inputs: news, outputs };
  });
  program = changedProgram;
  stored = await step(`read after ${kind}`, () => refreshed(stored));
  await step(`diff after ${kind}`, () => unchanged(stored, program));

  if ("importId" in declaration.properties) {
    stored = await step("adopt by importId", async () => {
      const adopted = await create({ ...program, importId: stored.id });
      expect(adopted.id).toBe(stored.id);
      return adopted;
    });
    program = { ...program, importId: stored.id };
    await step("diff after adopting", () => unchanged(stored, program));
  }
  // LiveMigrationLinkToken has no importId (its token is shown only when it is made): it is adopted
  // only by pulumi import, below.
  const imported = lifecycleCase.importedById;
  if (form.importsById && imported !== "not declared") {
    await step("import by id (pulumi import)", async () => {
      const read = await form.read(type, stored.id);
      expect(read.id).toBe(stored.id);
      const news = form.programInputs(type, form.plain(read.inputs), secrets);
      const answer = await form.check(type, read.inputs, news);
      if (imported !== undefined) {
        // What the read cannot give (the case says why): check names exactly those inputs.
        expect(answer.failures.map((failure) => failure.property).sort()).toEqual(
          [...imported.missing].sort(),
        );
        return;
      }
      expect(answer.failures).toEqual([]);
      const diff = await form.diff(type, stored.id, read.outputs, read.inputs, answer.inputs);
      expect(diff.changes).toBe(false);
    });
  }

  await step("before delete", async () => lifecycleCase.beforeDelete?.(fx));
  await step("delete", () => form.delete(type, stored.id, stored.outputs));
  await step("after delete", async () => {
    if (lifecycleCase.afterDelete !== undefined) await lifecycleCase.afterDelete(fx, plainOf(stored));
    else expect((await form.read(type, stored.id, stored)).id).toBeUndefined();
  });
}
