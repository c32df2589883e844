/**
 * Request bodies exactly as the shop plugins' SDK sends them: gingerpayments/ginger-php-plugin-sdk
 * (src/Tests/OrderStub.php `getValidOrder()` serialised by its `toArray()`, as `Client::sendOrder` sends it through
 * ginger-php 2.x `ApiClient::createOrder`), with the e-mail address and last name shortened as issue 33 gives them.
 * Its `Line` multiplies `amount` (1.00) and `vat_percentage` (50) by 100; `Customer` fills `ip_address` from the
 * web server's `REMOTE_ADDR` as it finds it (here `test`). `Client::refundOrder` sends `{order_lines: [...]}`.
 */
export const PLUGIN_SDK_ORDER = {
  currency: 'EUR',
  amount: 500,
  description: 'Plugin order',
  extra: { sw_order_id: '501' },
  client: {
    user_agent: 'test',
    platform_name: 'PHPSTORM',
    platform_version: '1',
    plugin_name: 'ginger-plugin-sdk',
    plugin_version: '1.0.0',
  },
  customer: {
    first_name: 'Alexander',
    last_name: 'T',
    gender: 'male',
    birthdate: '1999-09-01',
    locale: 'Ua_ua',
    ip_address: 'test',
    country: 'NL',
    phone_numbers: ['666666666'],
    merchant_customer_id: '15',
    email_address: 'a@example.com',
    address: 'Donauweg 10 1234567 Amsterdam',
    address_type: 'billing',
    additional_addresses: [
      {
        address_type: 'customer',
        postal_code: '12345',
        country: 'UA',
        city: 'Poltava',
        street: 'Soborna',
        address: 'Soborna 12345 Poltava',
      },
      {
        address_type: 'billing',
        postal_code: '1234567',
        country: 'NL',
        city: 'Amsterdam',
        street: 'Donauweg',
        housenumber: '10',
        address: 'Donauweg 10 1234567 Amsterdam',
      },
    ],
  },
  transactions: [{ payment_method: 'ideal', payment_method_details: { issuer_id: '15' } }],
  order_lines: [
    {
      type: 'physical',
      merchant_order_line_id: '5',
      name: 'Milk',
      quantity: 1,
      amount: 100,
      vat_percentage: 5000,
      currency: 'EUR',
    },
  ],
} as const;

/** A deep, mutable copy of the SDK's order, to change before sending. */
export function pluginSdkOrder(): Record<string, any> {
  return structuredClone(PLUGIN_SDK_ORDER) as Record<string, any>;
}

/**
 * The plugin SDK's view of an order read back: `Client::fromArray` then `toArray()` keeps the fields and drops
 * what PHP's `array_filter` and its collections drop; an empty optional array of related orders has no collection
 * class in the SDK and cannot be read at all. So what the SDK re-serialises is the answer without its empty
 * optional arrays; `transactions`, `flags` and the customer's `additional_addresses` are always kept.
 */
const KEPT_WHEN_EMPTY = new Set(['transactions', 'flags', 'additional_addresses', 'events']);

export function withoutEmptyOptionalArrays(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutEmptyOptionalArrays);
  if (value === null || typeof value !== 'object') return value;
  const kept: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if (Array.isArray(child) && child.length === 0 && !KEPT_WHEN_EMPTY.has(key)) continue;
    kept[key] = withoutEmptyOptionalArrays(child);
  }
  return kept;
}
