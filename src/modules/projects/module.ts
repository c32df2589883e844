import type { GatewayModule } from '../../platform/module.ts';
import { projectResolvers } from './graphql/project-resolvers.ts';
import { Merchant, Project } from './project.entity.ts';

/** Merchants and projects (the CLI creates them with a first API key; keys belong to the identity module). */
export const projectsModule: GatewayModule = {
  name: 'projects',
  entities: [Merchant, Project],
  resolvers: projectResolvers,
};
