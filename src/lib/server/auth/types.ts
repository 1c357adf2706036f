export interface SessionUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  zipCode: string | null;
  role: 'learner' | 'author' | 'admin';
  emailVerified: boolean;
  hasPassword: boolean;
  /** The account has a second factor (issue 51); read with the session. */
  hasFactor?: boolean;
}

export interface SessionInfo {
  id: string;
  userId: string;
  createdAt: Date;
  lastUsedAt: Date;
  persistent: boolean;
  /** When this session last proved a second factor; null: never. */
  factorVerifiedAt?: Date | null;
}
