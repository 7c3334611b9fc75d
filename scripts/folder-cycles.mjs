#!/usr/bin/env node
// Folder cycles in src/: folder A imports from folder B and B, through any others, from A.
// A layout whose folders import in one direction only is one a reader can follow from the
// bottom up. Prints each cycle with the files behind its edges; exits 1 when there is one.
//
//   node scripts/folder-cycles.mjs [ROOT]     (default: src)
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(process.argv[2] ?? 'src');
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\b[^'"]*?['"](\.{1,2}\/[^'"]*)['"]/g;

/** Every .ts / .tsx file under `dir`. */
function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap(entry => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      return sources(path);
    }
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')
      ? [path]
      : [];
  });
}

/** The folder an import lands in: the folder itself for `./x` naming a folder's index. */
function folderOf(from, specifier) {
  const target = resolve(dirname(from), specifier);
  try {
    if (statSync(target).isDirectory()) {
      return target;
    }
  } catch {
    // A module, named without its extension.
  }
  return dirname(target);
}

// folder → folder it imports → the files that do.
const edges = new Map();
for (const file of sources(root)) {
  const here = dirname(file);
  for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const there = folderOf(file, specifier);
    if (there === here || !there.startsWith(root)) {
      continue;
    }
    const out = edges.get(here) ?? new Map();
    edges.set(here, out);
    out.set(there, [...(out.get(there) ?? []), relative(root, file)]);
  }
}

// Strongly connected components (Tarjan): each one with more than one folder is a cycle.
const order = new Map();
const low = new Map();
const stack = [];
const cycles = [];
const visit = folder => {
  order.set(folder, order.size);
  low.set(folder, order.get(folder));
  stack.push(folder);
  for (const next of edges.get(folder)?.keys() ?? []) {
    if (!order.has(next)) {
      visit(next);
      low.set(folder, Math.min(low.get(folder), low.get(next)));
    } else if (stack.includes(next)) {
      low.set(folder, Math.min(low.get(folder), order.get(next)));
    }
  }
  if (low.get(folder) === order.get(folder)) {
    const component = stack.splice(stack.indexOf(folder));
    if (component.length > 1) {
      cycles.push(component);
    }
  }
};
for (const folder of edges.keys()) {
  if (!order.has(folder)) {
    visit(folder);
  }
}

const name = folder => relative(root, folder) || '.';
for (const cycle of cycles) {
  console.log(`cycle: ${cycle.map(name).sort().join(', ')}`);
  for (const from of cycle) {
    for (const [to, files] of edges.get(from) ?? []) {
      if (cycle.includes(to)) {
        const shown = [...new Set(files)];
        console.log(
          `  ${name(from)} -> ${name(to)}: ${shown.slice(0, 3).join(', ')}${shown.length > 3 ? `, … (${shown.length})` : ''}`
        );
      }
    }
  }
}
const shownRoot = relative(process.cwd(), root) || '.';
console.log(
  cycles.length === 0
    ? `No folder cycles among the ${edges.size} importing folders of ${shownRoot}.`
    : `${cycles.length} folder cycle(s) in ${shownRoot}.`
);
process.exit(cycles.length === 0 ? 0 : 1);
