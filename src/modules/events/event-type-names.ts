import type { EventType } from '../orders/index.ts';

/** `order.status_changed` <-> `ORDER_STATUS_CHANGED` (GraphQL enum names cannot hold dots). */
export function eventTypeOfEnum(value: string): EventType {
  const [subject, ...rest] = value.toLowerCase().split('_');
  return `${subject}.${rest.join('_')}` as EventType;
}

export function enumOfEventType<T extends string>(type: EventType): T {
  return type.replace('.', '_').toUpperCase() as T;
}
