import { synchronous } from "../../framework/lifecycle";

export const lifecycle = synchronous(
  "reading and setting the project's custom DNS setting take effect when the API answers",
);
