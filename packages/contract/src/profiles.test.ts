import { describe, expect, it } from 'vitest';
import { fullUser, userProfile } from './auth.ts';
import { followInfo, profileSummary, publicProfile } from './profiles.ts';

describe('profiles are derived from the full user', () => {
  it('shares one profile, follow and contact schema with the full user', () => {
    expect(fullUser.shape.profile).toBe(userProfile);
    expect(publicProfile.shape.profile).toBe(userProfile);
    expect(publicProfile.shape.follow_info).toBe(followInfo);
    expect(publicProfile.shape.contact_info).toBe(fullUser.shape.contact_info);
    expect(profileSummary.shape.picture).toBe(userProfile.shape.picture);
  });

  it("carries the full user's public fields, not its private ones", () => {
    const keys = Object.keys(publicProfile.shape);
    expect(keys).toEqual(
      expect.arrayContaining(['id', 'name', 'user_type', 'verified', 'created_at', 'is_self']),
    );
    for (const key of ['email', 'phone', 'email_verified', 'phone_verified', 'language', 'updated_at']) {
      expect(keys).not.toContain(key);
    }
  });
});
