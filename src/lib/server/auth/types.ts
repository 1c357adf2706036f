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
}

export interface SessionInfo {
  id: string;
  userId: string;
  createdAt: Date;
  lastUsedAt: Date;
  persistent: boolean;
}
