// Runs MiniZinc's WebAssembly build (the npm package `minizinc`, with Chuffed,
// Gecode, HiGHS and COIN-BC inside) under Node, without a native MiniZinc.
// The package's web worker script is loaded in this process: its message
// handler gets the model files and the command line, and its messages are
// printed. Used by bench/plan_minizinc.py.
//
// usage: node bench/minizinc_wasm.cjs DIST_DIR [minizinc arguments] MODEL.mzn
'use strict';
const fs = require('fs');
const path = require('path');

const [dist, ...args] = process.argv.slice(2);
if (!dist || !fs.existsSync(path.join(dist, 'minizinc-worker.js'))) {
  console.error('usage: minizinc_wasm.cjs DIST_DIR [args] MODEL.mzn ' +
                '(DIST_DIR: node_modules/minizinc/dist)');
  process.exit(2);
}
const isFile = (a) => /\.(mzn|dzn|json)$/.test(a) && fs.existsSync(a);
const listeners = [];
globalThis.addEventListener = (type, f) => listeners.push(f);
const send = (data) => listeners.forEach((f) => f({data}));
globalThis.postMessage = (msg) => {
  switch (msg.type) {
  case 'ready': {
    const files = {};
    for (const a of args.filter(isFile))
      files[path.basename(a)] = fs.readFileSync(a, 'utf8');
    send({files, args: args.map((a) => isFile(a) ? path.basename(a) : a),
          jsonStream: false});
    break;
  }
  case 'exit':
    if (msg.stdout) process.stdout.write(msg.stdout);
    if (msg.stderr) process.stderr.write(msg.stderr);
    process.exit(msg.code);
  default:
    if (msg.value) (msg.type === 'stderr' ? process.stderr : process.stdout).write(msg.value);
  }
};
globalThis.require = require;  // the worker is an ES module: give it Node's
globalThis.__dirname = path.resolve(dist);  // require and its own folder
require(path.resolve(dist, 'minizinc-worker.js'));
send({wasmURL: path.resolve(dist, 'minizinc.wasm'),
      dataURL: path.resolve(dist, 'minizinc.data')});
