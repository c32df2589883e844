import type { GatewayModule } from '../../platform/module.ts';
import { projectResolvers } from './graphql/project-resolvers.ts';
import { ApiKey, Merchant, Project } from './project.entity.ts';

/** Merchants, projects and their API keys (the CLI creates them; every request authenticates against them). */
export const projectsModule: GatewayModule = {
  name: 'projects',
  entities: [Merchant, Project, ApiKey],
  resolvers: projectResolvers,
};
