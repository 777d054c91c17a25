// Makes the package importable by its own name ("capqa") from the notebooks, whose kernel
// (tslab) resolves modules through node_modules: node_modules/capqa -> the repository root.
import { existsSync, lstatSync, mkdirSync, symlinkSync, unlinkSync } from "node:fs";
import { join } from "node:path";

const link = join("node_modules", "capqa");
mkdirSync("node_modules", { recursive: true });
try {
  if (lstatSync(link).isSymbolicLink()) unlinkSync(link);
} catch {
  // not there yet
}
if (!existsSync(link)) symlinkSync("..", link, "dir");
