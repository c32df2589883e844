import { z } from 'zod';

/** A webhook receiver address: absolute http(s). Live projects are further restricted at delivery time. */
export const webhookUrlSchema = z
  .string()
  .max(2048)
  .url()
  .refine((value) => /^https?:$/.test(new URL(value).protocol), 'must be an http or https URL');
