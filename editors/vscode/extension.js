// The VS Code side of `lopti lsp`: start the server over stdio for .lopti files and packs.
//
// Plain CommonJS, no build step: `npm install` once in this folder fetches
// vscode-languageclient, then the folder is the extension (see docs/editors.md).
"use strict";

const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const config = vscode.workspace.getConfiguration("lopti");
  const [command, ...args] = config.get("server.command", ["lopti", "lsp"]);
  const server = { command, args };
  client = new LanguageClient(
    "lopti",
    "Lopti rules",
    { run: server, debug: server },
    {
      documentSelector: [
        { scheme: "file", language: "lopti" },
        { scheme: "untitled", language: "lopti" },
        { scheme: "file", language: "yaml" },
      ],
      initializationOptions: { pack: config.get("pack", "") },
      synchronize: { configurationSection: "lopti" },
    }
  );
  context.subscriptions.push({ dispose: () => client && client.stop() });
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
