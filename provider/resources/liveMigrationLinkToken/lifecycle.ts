import { synchronous } from "../../framework/lifecycle";

export const lifecycle = synchronous(
  "creating a link token (71) answers with the token, and removing the link (70) takes effect when the API answers",
);
