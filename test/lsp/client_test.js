// End-to-end test of `mlir-memlint lsp` with a real LSP client library
// (vscode-languageserver-protocol over vscode-jsonrpc, as VS Code's client
// uses), in the standard Content-Length framing and the asynchronous mode
// editors see.
// usage: node client_test.js NODE_MODULES WORK_DIR MLIR_MEMLINT [ARGS...]
'use strict';

const assert = require('assert');
const cp = require('child_process');
const fs = require('fs');
const path = require('path');
const url = require('url');

const [modules, workDir, tool, ...toolArgs] = process.argv.slice(2);
const rpc = require(path.resolve(modules, 'vscode-jsonrpc', 'node'));
const protocol = require(path.resolve(modules, 'vscode-languageserver-protocol', 'node'));

const LEAK = [
  'func.func @leak(%c: i1) {',
  '  %a = memref.alloc() : memref<8xf32>',
  '  cf.cond_br %c, ^bb1, ^bb2',
  '^bb1:',
  '  memref.dealloc %a : memref<8xf32>',
  '  return',
  '^bb2:',
  '  return',
  '}',
  '',
].join('\n');

// A leak on a line with characters outside the BMP and accents before its
// end: UTF-16 positions differ from bytes (the NOLINT goes at the end).
const WIDE = [
  'func.func @wide() {',
  '  %a = memref.alloc() {note = "é€😀😀"} : memref<8xf32>',
  '  return',
  '}',
  '',
].join('\n');

/// The text with LSP edits applied (positions in UTF-16 code units, as JS
/// strings count them).
function applyEdits(text, edits) {
  const lineStarts = [0];
  for (let i = 0; i < text.length; ++i)
    if (text[i] === '\n')
      lineStarts.push(i + 1);
  const offset = (pos) => Math.min(text.length, lineStarts[pos.line] + pos.character);
  const sorted = [...edits].sort((a, b) => offset(b.range.start) - offset(a.range.start));
  for (const edit of sorted)
    text = text.slice(0, offset(edit.range.start)) + edit.newText + text.slice(offset(edit.range.end));
  return text;
}

// Where the test is, for the message when it stops early: Node exits, with
// status 0, when nothing is left to wait for (a request whose server went
// away), so the end must be reached to pass.
let step = 'start';
let finished = false;
let serverLog = '';
process.on('exit', () => {
  if (!finished) {
    fs.writeSync(2, `client test: failed: stopped at '${step}'; the server's stderr:\n${serverLog}\n`);
    process.exitCode = 1;
  }
});

async function main() {
  fs.mkdirSync(workDir, { recursive: true });
  const child = cp.spawn(tool, ['lsp', ...toolArgs], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (data) => { stderr += data; serverLog = stderr; });
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));

  const connection = protocol.createProtocolConnection(
    new rpc.StreamMessageReader(child.stdout), new rpc.StreamMessageWriter(child.stdin));
  // Diagnostics by URI and version, and waiters for them.
  const published = [];
  const waiters = [];
  connection.onNotification(protocol.PublishDiagnosticsNotification.type, (params) => {
    const record = { ...params, at: Date.now() };
    published.push(record);
    for (const waiter of [...waiters])
      if (waiter.uri === params.uri &&
          (waiter.version === undefined || waiter.version === params.version)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(record);
      }
  });
  const messages = [];
  connection.onNotification(protocol.ShowMessageNotification.type, (params) => messages.push(params));
  connection.listen();
  // A waiter fails after 60 s, or at once when the server ends.
  const wait = (uri, version, what) => new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${what}`)), 60000);
    waiters.push({ uri, version, reject, resolve: (record) => {
      clearTimeout(timer);
      resolve(record);
    } });
  });
  child.on('exit', (code, signal) => {
    for (const waiter of waiters.splice(0))
      waiter.reject(new Error(`the server exited (${code}, ${signal}): ${stderr}`));
  });
  // The next diagnostics of `uri` published from now on.
  const nextDiagnostics = (uri) => wait(uri, undefined, `new diagnostics for ${uri}`);
  const diagnosticsOf = (uri, version) => {
    const done = published.find((p) => p.uri === uri && p.version === version);
    if (done)
      return Promise.resolve(done);
    return wait(uri, version, `diagnostics for ${uri} v${version}`);
  };

  step = 'initialize';
  const init = await connection.sendRequest(protocol.InitializeRequest.type, {
    processId: process.pid,
    rootUri: url.pathToFileURL(workDir).href,
    capabilities: {
      textDocument: {
        codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix'] } } },
        publishDiagnostics: { relatedInformation: true, versionSupport: true },
      },
    },
    initializationOptions: { failOn: 'error' },
  });
  assert.strictEqual(init.capabilities.positionEncoding, 'utf-16');
  assert.strictEqual(init.capabilities.textDocumentSync.change, 2);
  connection.sendNotification(protocol.InitializedNotification.type, {});

  step = 'open a buggy document';
  // A buggy document: its leak, with the path as related information.
  const leakPath = path.join(workDir, 'leak.mlir');
  fs.writeFileSync(leakPath, LEAK);
  const leakUri = url.pathToFileURL(leakPath).href;
  connection.sendNotification(protocol.DidOpenTextDocumentNotification.type, {
    textDocument: { uri: leakUri, languageId: 'mlir', version: 1, text: LEAK },
  });
  const first = await diagnosticsOf(leakUri, 1);
  assert.strictEqual(first.diagnostics.length, 1, JSON.stringify(first));
  const leak = first.diagnostics[0];
  assert.strictEqual(leak.code, 'lifetime-leak');
  assert.strictEqual(leak.source, 'mlir-memlint');
  assert.strictEqual(leak.severity, 1);
  assert.match(leak.codeDescription.href, /lifetime-leak/);
  assert.strictEqual(leak.range.start.line, 1);
  assert.ok(leak.relatedInformation.length >= 1, JSON.stringify(leak));
  for (const info of leak.relatedInformation)
    assert.strictEqual(info.location.uri, leakUri);

  step = 'code actions';
  // Its quick fixes: the validated fix-it first and preferred, NOLINT, the
  // config file.
  const actions = await connection.sendRequest(protocol.CodeActionRequest.type, {
    textDocument: { uri: leakUri },
    range: leak.range,
    context: { diagnostics: [leak] },
  });
  const titles = actions.map((a) => a.title);
  assert.ok(actions.length >= 2, JSON.stringify(titles));
  const preferred = actions.filter((a) => a.isPreferred);
  assert.strictEqual(preferred.length, 1, JSON.stringify(titles));
  assert.strictEqual(actions[0], preferred[0]);
  assert.match(actions[0].title, /^Fix: /);
  assert.ok(titles.some((t) => /NOLINT/.test(t)), JSON.stringify(titles));
  for (const action of actions)
    assert.strictEqual(action.kind, 'quickfix');

  step = 'apply the fix';
  // The fix applied as the editor applies it: clean.
  const fixed = applyEdits(LEAK, actions[0].edit.changes[leakUri]);
  connection.sendNotification(protocol.DidChangeTextDocumentNotification.type, {
    textDocument: { uri: leakUri, version: 2 },
    contentChanges: [{ text: fixed }],
  });
  const second = await diagnosticsOf(leakUri, 2);
  assert.deepStrictEqual(second.diagnostics, [], fixed);

  step = 'typing burst';
  // Typing: incremental changes in a burst. Only the newest version counts;
  // no diagnostics of an older version come after it.
  let text = fixed;
  for (let version = 3; version <= 12; ++version) {
    const edit = { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
                   text: `// typed ${version}\n` };
    text = applyEdits(text, [{ range: edit.range, newText: edit.text }]);
    connection.sendNotification(protocol.DidChangeTextDocumentNotification.type, {
      textDocument: { uri: leakUri, version }, contentChanges: [edit],
    });
  }
  const sentAt = Date.now();
  const last = await diagnosticsOf(leakUri, 12);
  assert.deepStrictEqual(last.diagnostics, []);
  const lateOld = published.filter((p) => p.uri === leakUri && p.version < 12 && p.at > last.at);
  assert.deepStrictEqual(lateOld, []);
  const skipped = [];
  for (let version = 3; version < 12; ++version)
    if (!published.some((p) => p.uri === leakUri && p.version === version))
      skipped.push(version);
  console.log(`burst: ${skipped.length} of 9 intermediate versions not linted; ` +
              `newest published ${last.at - sentAt} ms after the last change`);

  step = 'open the wide document';
  // UTF-16 positions: NOLINT at the end of a line with wide characters.
  const widePath = path.join(workDir, 'wide.mlir');
  const wideUri = url.pathToFileURL(widePath).href;
  connection.sendNotification(protocol.DidOpenTextDocumentNotification.type, {
    textDocument: { uri: wideUri, languageId: 'mlir', version: 1, text: WIDE },
  });
  const wide = await diagnosticsOf(wideUri, 1);
  assert.strictEqual(wide.diagnostics.length, 1, JSON.stringify(wide));
  step = 'config file watched';
  // A config file appears next to the documents, then goes: the client
  // says so, the server re-lints with it, then without it.
  const configPath = path.join(workDir, '.mlir-memlint.yaml');
  const configUri = url.pathToFileURL(configPath).href;
  let next = nextDiagnostics(wideUri);
  fs.writeFileSync(configPath, "Checks: '-lifetime-leak'\n");
  connection.sendNotification(protocol.DidChangeWatchedFilesNotification.type, {
    changes: [{ uri: configUri, type: 1 }],
  });
  assert.deepStrictEqual((await next).diagnostics, []);
  next = nextDiagnostics(wideUri);
  fs.unlinkSync(configPath);
  connection.sendNotification(protocol.DidChangeWatchedFilesNotification.type, {
    changes: [{ uri: configUri, type: 3 }],
  });
  assert.strictEqual((await next).diagnostics.length, 1);

  step = 'NOLINT on the wide line';
  const wideActions = await connection.sendRequest(protocol.CodeActionRequest.type, {
    textDocument: { uri: wideUri }, range: wide.diagnostics[0].range,
    context: { diagnostics: wide.diagnostics },
  });
  const nolint = wideActions.find((a) => /NOLINT/.test(a.title));
  assert.ok(nolint, JSON.stringify(wideActions.map((a) => a.title)));
  const silenced = applyEdits(WIDE, nolint.edit.changes[wideUri]);
  assert.strictEqual(silenced.split('\n')[1],
                     '  %a = memref.alloc() {note = "é€😀😀"} : memref<8xf32>  // NOLINT(lifetime-leak)');
  connection.sendNotification(protocol.DidChangeTextDocumentNotification.type, {
    textDocument: { uri: wideUri, version: 2 }, contentChanges: [{ text: silenced }],
  });
  assert.deepStrictEqual((await diagnosticsOf(wideUri, 2)).diagnostics, []);

  step = 'garbage';
  // Garbage on the wire: the server drops it and keeps answering.
  child.stdin.write('Content-Length: 11\r\n\r\nnot json at');
  child.stdin.write('Content-Length: 2\r\n\r\n[]');
  const stillThere = await connection.sendRequest(protocol.CodeActionRequest.type, {
    textDocument: { uri: leakUri }, range: leak.range, context: { diagnostics: [] },
  });
  assert.deepStrictEqual(stillThere, []);

  step = 'close';
  // Closing a document clears its diagnostics.
  connection.sendNotification(protocol.DidCloseTextDocumentNotification.type, {
    textDocument: { uri: wideUri },
  });

  step = 'shutdown';
  await connection.sendRequest(protocol.ShutdownRequest.type);
  connection.sendNotification(protocol.ExitNotification.type);
  const code = await exited;
  assert.strictEqual(code, 0, stderr);
  assert.match(stderr, /dropped a message that is not JSON/);
  assert.deepStrictEqual(messages, []);
  const cleared = published.filter((p) => p.uri === wideUri);
  assert.deepStrictEqual(cleared[cleared.length - 1].diagnostics, []);
  finished = true;
  console.log('client test: passed');
}

main().catch((error) => {
  // Synchronously: console.error on a pipe may be cut short by exit.
  fs.writeSync(2, `client test: failed: ${error.stack || error}\n`);
  process.exit(1);
});
