import type { Command } from '../command.js';
import { broadcastsCommand } from './broadcasts.js';
import { cancelCommand } from './cancel.js';
import { createCommand } from './create.js';
import { deleteCommand } from './delete.js';
import { deliveriesCommand } from './deliveries.js';
import { emulateCommand } from './emulate.js';
import { exportTokensCommand } from './export-tokens.js';
import { failedCommand } from './failed.js';
import { faultsCommand } from './faults.js';
import { importTokensCommand } from './import-tokens.js';
import { miniAppCommand } from './miniapp.js';
import { neynarCommand } from './neynar.js';
import { notifyCommand } from './notify.js';
import { publishCommand } from './publish.js';
import { replayCommand } from './replay.js';
import { retryCommand } from './retry.js';
import { rotateSecretCommand } from './rotate-secret.js';
import { sendCommand } from './send.js';
import { testFilterCommand } from './test-filter.js';
import { timelineCommand } from './timeline.js';

/**
 * Every command, in the order `--help` lists them. A new command is one file in this folder and
 * one line here.
 */
export const COMMANDS: readonly Command[] = [
  createCommand,
  deleteCommand,
  testFilterCommand,
  sendCommand,
  emulateCommand,
  publishCommand,
  deliveriesCommand,
  replayCommand,
  faultsCommand,
  rotateSecretCommand,
  failedCommand,
  retryCommand,
  neynarCommand,
  miniAppCommand,
  notifyCommand,
  cancelCommand,
  importTokensCommand,
  exportTokensCommand,
  broadcastsCommand,
  timelineCommand,
];
