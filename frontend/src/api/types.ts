// Names used inside the app for the generated wire types; only this file follows renames in
// openapi.yaml.
export type { ProfileDto as Profile, ProfileFormDto as ProfileForm } from './generated';
