// node --import ./tests/adversary/register.mjs …: the harness's module hooks, and its browser globals.
import { register } from "node:module";

register("../vendor-loader.mjs", import.meta.url);
register("./loader.mjs", import.meta.url);
await import("./runtime.mjs");
