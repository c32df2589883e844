import { isIP } from 'node:net';

/**
 * What an acquirer is told about the customer for its risk assessment (3-D Secure, fraud screening), taken
 * from the order's `customer`. The customer is stored as the shop sent it, and the shop plugins send their web
 * server's `REMOTE_ADDR` as `ip_address` as they find it (sometimes not an address at all, e.g. `test` or a
 * proxy's list): only a real IPv4 or IPv6 address is passed on. Pure.
 */
export interface RiskData {
  ipAddress?: string;
  emailAddress?: string;
  country?: string;
}

export function riskDataOf(customer: Readonly<Record<string, unknown>> | null | undefined): RiskData {
  if (!customer) return {};
  const risk: RiskData = {};
  const { ip_address: ip, email_address: email, country } = customer;
  if (typeof ip === 'string' && isIP(ip) !== 0) risk.ipAddress = ip;
  if (typeof email === 'string') risk.emailAddress = email;
  if (typeof country === 'string') risk.country = country;
  return risk;
}
