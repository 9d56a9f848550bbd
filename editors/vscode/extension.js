// The VS Code client of `mlir-memlint lsp` (editors/README.md). It runs next
// to the MLIR extension (mlir-lsp-server): both serve the `mlir` language;
// VS Code shows the diagnostics and quick fixes of both.
'use strict';

const vscode = require('vscode');
const { LanguageClient, State } = require('vscode-languageclient/node');

const SECTION = 'mlir-memlint';
let client;

/// The server's settings (docs/lsp.md), from VS Code's configuration.
function serverSettings() {
  const config = vscode.workspace.getConfiguration(SECTION);
  return {
    checks: config.get('checks'),
    failOn: config.get('failOn'),
    allowUnregisteredDialect: config.get('allowUnregisteredDialect'),
    dialectPlugins: config.get('dialectPlugins'),
    splitInputFile: config.get('splitInputFile'),
  };
}

function createClient() {
  const config = vscode.workspace.getConfiguration(SECTION);
  const server = {
    command: config.get('server.path'),
    args: ['lsp', ...config.get('server.arguments')],
  };
  const options = {
    documentSelector: [
      { scheme: 'file', language: 'mlir' },
      { scheme: 'untitled', language: 'mlir' },
    ],
    initializationOptions: serverSettings(),
    // Config files edited outside VS Code re-lint the open documents.
    synchronize: {
      fileEvents: vscode.workspace.createFileSystemWatcher('**/.mlir-memlint.yaml'),
    },
  };
  return new LanguageClient(SECTION, 'mlir-memlint', server, options);
}

async function activate(context) {
  client = createClient();
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      if (!event.affectsConfiguration(SECTION) || !client)
        return;
      if (event.affectsConfiguration(`${SECTION}.server`)) {
        // Another executable or arguments: a new server.
        await client.stop();
        client = createClient();
        await client.start();
        return;
      }
      if (client.state === State.Running)
        await client.sendNotification('workspace/didChangeConfiguration', {
          settings: serverSettings(),
        });
    }),
    vscode.commands.registerCommand('mlir-memlint.restartServer', async () => {
      await client.stop();
      client = createClient();
      await client.start();
    }),
  );
  await client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
