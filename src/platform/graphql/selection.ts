import { type FieldNode, type GraphQLResolveInfo, Kind, type SelectionSetNode } from 'graphql';

/**
 * Whether the operation selects the field at `path` below the field being resolved, e.g.
 * `['transactions', 'events']` under `order(id:)`: through aliases, fragments and inline fragments, and in any
 * of the places the resolved field appears. Lets a resolver leave out of its read what nobody asked for.
 * `@skip`/`@include` are not evaluated: a field they may drop still counts as selected (read, not shown).
 */
export function selectsPath(info: GraphQLResolveInfo, path: readonly string[]): boolean {
  let sets = info.fieldNodes.flatMap((node) => (node.selectionSet ? [node.selectionSet] : []));
  for (const [depth, name] of path.entries()) {
    const fields = sets.flatMap((set) => fieldsNamed(info, set, name));
    if (fields.length === 0) return false;
    if (depth === path.length - 1) return true;
    sets = fields.flatMap((field) => (field.selectionSet ? [field.selectionSet] : []));
  }
  return true;
}

function fieldsNamed(info: GraphQLResolveInfo, set: SelectionSetNode, name: string): FieldNode[] {
  return set.selections.flatMap((selection) => {
    if (selection.kind === Kind.FIELD) return selection.name.value === name ? [selection] : [];
    const fragment =
      selection.kind === Kind.INLINE_FRAGMENT ? selection : info.fragments[selection.name.value];
    return fragment ? fieldsNamed(info, fragment.selectionSet, name) : [];
  });
}
