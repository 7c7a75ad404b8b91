// Long functions, counted with the TypeScript compiler's own parser (issue 26: none over 200 lines
// in src/ and web/src/, at most ten over 80). A function is every declaration, method, accessor,
// constructor, arrow function and function expression with a body; its length is from its first
// line to its last, comments inside included. Nested functions count on their own and inside
// their parent (a 90-line component with a 30-line callback is one function over 80, not two).
//   node scripts/long-functions.mjs              src and web/src, over 80 lines
//   node scripts/long-functions.mjs --over=120 src/engine src/game
// Prints one line per function (lines, file:line, name), longest first, then the counts.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

const args = process.argv.slice(2);
const over = Number(args.find((a) => a.startsWith("--over="))?.slice(7) ?? 80);
const dirs = args.filter((a) => !a.startsWith("--"));
const root = process.cwd();

/** Every .ts/.tsx file under `dir` (declaration files aside). */
function sources(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sources(path));
    else if (/\.tsx?$/.test(name) && !name.endsWith(".d.ts")) out.push(path);
  }
  return out;
}

/** A function's name as a reader would look for it: its own, or the variable, property or call it belongs to. */
function nameOf(node, file) {
  if (node.name) return node.name.getText(file);
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent))) return parent.name.getText(file);
  if (parent && ts.isCallExpression(parent)) return `(argument of ${parent.expression.getText(file).slice(0, 40)})`;
  return "(anonymous)";
}

const long = [];
for (const path of (dirs.length > 0 ? dirs : ["src", "web/src"]).flatMap((d) => sources(join(root, d)))) {
  const kind = path.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true, kind);
  const visit = (node) => {
    if (ts.isFunctionLike(node) && node.body) {
      const first = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
      const last = file.getLineAndCharacterOfPosition(node.end).line;
      const lines = last - first + 1;
      if (lines > over) long.push({ lines, at: `${relative(root, path)}:${first + 1}`, name: nameOf(node, file) });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
}
long.sort((a, b) => b.lines - a.lines);
for (const f of long) console.log(`${String(f.lines).padStart(4)}  ${f.at}  ${f.name}`);
console.log(`${long.length} functions over ${over} lines; ${long.filter((f) => f.lines > 200).length} over 200`);
