import { httpUrlSchema } from '../../platform/validation/http-url.ts';

/** A webhook receiver address: absolute http(s). Live projects are further restricted at delivery time. */
export const webhookUrlSchema = httpUrlSchema;
