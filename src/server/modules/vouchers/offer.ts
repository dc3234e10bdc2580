/**
 * What the Gift vouchers page offers (docs/product.md §18.5): her preset amounts and, when she allows it, each massage
 * at its price. A purchase's value is looked up here from what the browser chose, never taken from it.
 */
import { serviceOptions, displayServiceName } from '@shared/service-options';
import { addDaysToDate, nzToday } from '@shared/time';
import {
  VOUCHER_MESSAGES,
  VOUCHER_SEND_AHEAD_DAYS,
  type VoucherOptions,
  type VoucherPurchase,
  type VoucherServiceOption,
} from '@shared/schemas/vouchers';
import type { Db } from '../../db/client';
import { invalidField } from '../../http/errors';
import { createServicesRepository } from '../services/repository';
import { vouchersRepository as repo } from './repository';

async function servicesOffered(db: Db): Promise<VoucherServiceOption[]> {
  const services = await createServicesRepository(db).list();
  return services.flatMap((s) =>
    serviceOptions(s)
      .filter((o) => o.price > 0)
      .map((o) => ({
        serviceLengthId: s.id,
        duration: o.duration,
        label: `${displayServiceName(s.name)}, ${o.duration} min`,
        priceCents: o.price,
      })),
  );
}

export async function voucherOptions(db: Db, canBuy: boolean): Promise<VoucherOptions> {
  const settings = await repo.settings(db);
  return {
    canBuy,
    amountsCents: settings.presetAmountsCents,
    services: settings.offerServices ? await servicesOffered(db) : [],
    expiryMonths: settings.expiryMonths,
    today: nzToday(),
  };
}

export interface VoucherChoice {
  valueCents: number;
  serviceName: string | null;
  durationMinutes: number | null;
}

/** The value of what was chosen: one of her amounts, or a massage's price; anything else is refused. */
export async function priceOfChoice(
  db: Db,
  body: Pick<VoucherPurchase, 'amountCents' | 'serviceLengthId' | 'duration'>,
): Promise<VoucherChoice> {
  const settings = await repo.settings(db);
  if (body.amountCents !== undefined) {
    if (!settings.presetAmountsCents.includes(body.amountCents)) {
      throw invalidField('amountCents', VOUCHER_MESSAGES.notOffered);
    }
    return { valueCents: body.amountCents, serviceName: null, durationMinutes: null };
  }
  const service = settings.offerServices ? await createServicesRepository(db).get(body.serviceLengthId!) : null;
  const options = service ? serviceOptions(service) : [];
  const option = body.duration === undefined ? options[0] : options.find((o) => o.duration === body.duration);
  if (!service || !option || option.price <= 0) {
    throw invalidField('serviceLengthId', VOUCHER_MESSAGES.serviceNotOffered);
  }
  return { valueCents: option.price, serviceName: service.name, durationMinutes: option.duration };
}

/** The day the recipient's e-mail goes: today (NZ) up to a year ahead. */
export function checkSendOn(sendOn: string, today: string): string {
  if (sendOn < today) throw invalidField('sendOn', VOUCHER_MESSAGES.sendOnPast);
  if (sendOn > addDaysToDate(today, VOUCHER_SEND_AHEAD_DAYS))
    throw invalidField('sendOn', VOUCHER_MESSAGES.sendOnTooFar);
  return sendOn;
}
