// A throwaway dynamic resource: one text file whose path and content are inputs. It exercises the
// whole engine path (check, diff, create, read, update, delete) without any service.
import * as pulumi from "@pulumi/pulumi";

interface FileInputs {
  path: string;
  content: string;
}

const fileProvider: pulumi.dynamic.ResourceProvider<FileInputs, FileInputs> = {
  async create(inputs) {
    const fs = await import("node:fs");
    fs.writeFileSync(inputs.path, inputs.content);
    return { id: inputs.path, outs: { path: inputs.path, content: inputs.content } };
  },
  async read(id, props) {
    const fs = await import("node:fs");
    if (!fs.existsSync(id)) return {};
    const live = { path: id, content: fs.readFileSync(id, "utf8") };
    return { id, props: { ...props, ...live }, inputs: live };
  },
  async diff(_id, olds, news) {
    const replaces = olds.path === news.path ? [] : ["path"];
    return { changes: olds.path !== news.path || olds.content !== news.content, replaces };
  },
  async update(_id, _olds, news) {
    const fs = await import("node:fs");
    fs.writeFileSync(news.path, news.content);
    return { outs: { path: news.path, content: news.content } };
  },
  async delete(id) {
    const fs = await import("node:fs");
    fs.rmSync(id, { force: true });
  },
};

class ThrowawayFile extends pulumi.dynamic.Resource {
  declare readonly path: pulumi.Output<string>;
  declare readonly content: pulumi.Output<string>;
  constructor(name: string, args: { path: pulumi.Input<string>; content: pulumi.Input<string> }) {
    super(fileProvider, name, args, {}, "e2e", "ThrowawayFile");
  }
}

const config = new pulumi.Config();
const file = new ThrowawayFile("greeting", {
  path: config.require("path"),
  content: config.get("content") ?? "hello from the real engine",
});

export const filePath = file.path;
export const fileContent = file.content;
