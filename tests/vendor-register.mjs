// node --import ./tests/vendor-register.mjs …: the page's vendored modules for node (tests/vendor-loader.mjs).
import { register } from "node:module";

register("./vendor-loader.mjs", import.meta.url);
