import type { DeliveryRecord } from '@social-webhooks/emulator';
import { CliError } from '../cli-error.js';
import type { CommandContext } from '../command.js';
import { emulatorRequest } from './emulator-request.js';

const POLL_MS = 100;

/**
 * `--wait`: polls the emulator until each delivery has settled (delivered, failed or cancelled),
 * within `--timeout` (default 30 s), and answers them.
 * @throws {CliError} `timeout` when one is still pending then.
 */
export async function waitSettled(context: CommandContext, command: string, deliveryIds: readonly string[]): Promise<DeliveryRecord[]> {
  const deadline = Date.now() + (context.timeoutMs ?? 30_000);
  const settled: DeliveryRecord[] = [];
  for (const id of deliveryIds) {
    for (;;) {
      const { delivery } = (await emulatorRequest(context, command, 'GET', `/_emulator/deliveries/${encodeURIComponent(id)}`)) as { delivery: DeliveryRecord };
      if (delivery.state !== 'pending') {
        settled.push(delivery);
        break;
      }
      if (Date.now() > deadline) throw new CliError('timeout', `delivery ${id} is still pending; see it with social-webhooks deliveries ${id}, or raise --timeout`, { command });
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
  return settled;
}
