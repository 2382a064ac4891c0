export { UnderConstruction, type UnderConstructionProps } from './UnderConstruction';
export { PageLoading } from './PageLoading';
export { SiteLogo } from './SiteLogo';
export { SpacelessInput, spaceless } from './SpacelessInput';
