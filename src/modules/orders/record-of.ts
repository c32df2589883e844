/** The stored facts of an entity as plain data: what the read model returns and what entities also satisfy. */
export type RecordOf<Entity> = { readonly [K in keyof Entity as K extends string ? K : never]: Entity[K] };
