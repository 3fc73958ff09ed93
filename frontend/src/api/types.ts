// Names used inside the app for the generated wire types; only this file follows renames in
// openapi.yaml.
export type { ProfileResponse as Profile, ProfileFieldsDto as ProfileForm } from './generated';
