import { synchronous } from "../../framework/lifecycle";

export const lifecycle = synchronous(
  "reading and PATCHing the project's auditing configuration take effect when the API answers",
);
