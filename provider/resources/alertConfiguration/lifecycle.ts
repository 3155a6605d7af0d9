import { synchronous } from "../../framework/lifecycle";

export const lifecycle = synchronous(
  "create, update, toggle and delete take effect when the API answers (operations 5-9 return the configuration as it now is, delete answers 204)",
);
