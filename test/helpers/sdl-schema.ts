import path from 'node:path';
import { loadFilesSync } from '@graphql-tools/load-files';
import { mergeTypeDefs } from '@graphql-tools/merge';
import {
  buildASTSchema,
  type GraphQLSchema,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isSpecifiedDirective,
  isSpecifiedScalarType,
} from 'graphql';

/**
 * The schema exactly as the SDL files under schema/ describe it, merged as the app merges them (`extend type`
 * included), without resolvers: enough to validate documents and read descriptions.
 */
export function buildSdlSchema(): GraphQLSchema {
  const files = loadFilesSync(path.resolve(import.meta.dirname, '../../schema'), {
    extensions: ['graphql'],
    recursive: true,
  });
  return buildASTSchema(mergeTypeDefs(files));
}

/**
 * Every schema coordinate of ours without a description: types, fields, arguments, input fields, enum values
 * and directives with their arguments. Built-in scalars, directives and introspection types are not ours.
 */
export function undescribedCoordinates(schema: GraphQLSchema): string[] {
  const missing: string[] = [];
  const check = (coordinate: string, description: string | null | undefined) => {
    if (!description?.trim()) missing.push(coordinate);
  };
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__') || isSpecifiedScalarType(type)) continue;
    check(type.name, type.description);
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        check(`${type.name}.${field.name}`, field.description);
        for (const arg of field.args) check(`${type.name}.${field.name}(${arg.name}:)`, arg.description);
      }
    } else if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields()))
        check(`${type.name}.${field.name}`, field.description);
    } else if (isEnumType(type)) {
      for (const value of type.getValues()) check(`${type.name}.${value.name}`, value.description);
    }
  }
  for (const directive of schema.getDirectives()) {
    if (isSpecifiedDirective(directive)) continue;
    check(`@${directive.name}`, directive.description);
    for (const arg of directive.args) check(`@${directive.name}(${arg.name}:)`, arg.description);
  }
  return missing;
}
