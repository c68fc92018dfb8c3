import { useAppSelector } from '@/lib/store';
import { selectIsSignedIn } from './auth-slice';
import { useGetPermissionsQuery } from './auth-api';
import type { MemberRole } from './types';

/** An action of the server's one permission table (permissions.go), e.g. `members.write`. */
export type Action =
  | 'trips.write'
  | 'trips.decide'
  | 'cards.read'
  | 'cards.write'
  | 'cards.reveal'
  | 'overrides.decide'
  | 'drivers.approve'
  | 'vehicles.read'
  | 'transactions.read'
  | 'alerts.read'
  | 'compliance.read'
  | 'company.settings'
  | 'ifta.read'
  | 'wallet.read'
  | 'wallet.fund'
  | 'contract.read'
  | 'contract.write'
  | 'payment-methods.write'
  | 'webhooks.manage'
  | 'telematics.manage'
  | 'audit.read'
  | 'members.read'
  | 'members.write'
  | 'owners.manage'
  | 'exports.run'
  | 'transactions.code'
  | 'pump-check.manage'
  | 'pump-check.company'
  | 'groups.read'
  | 'groups.write'
  | 'company.close'
  | 'statements.read'
  | 'statements.write'
  | 'accounting.sync';

export interface PermissionCheck {
  /** False until the permissions have loaded, and after a failed load. */
  loaded: boolean;
  /** The first answer is still on its way. */
  pending: boolean;
  role?: MemberRole;
  /** The member sees only this group of cards and vehicles (none: the whole company). */
  groupId?: number | null;
  /** Until the answer arrives (or when it fails) everything the account's role shows is offered: the server refuses what the member may not do. */
  can: (action: Action) => boolean;
  /**
   * The role has the action but the member's group limit takes it away (a company-wide action: the server's
   * `withheldByGroup`). An action the member cannot do that is not withheld by the group, the role lacks.
   */
  withheldByGroup: (action: Action) => boolean;
}

/**
 * What the signed-in member's role may do (GET /api/account/permissions, read once per session
 * and cached).
 */
export function usePermissions(): PermissionCheck {
  const signedIn = useAppSelector(selectIsSignedIn);
  const { data, isLoading } = useGetPermissionsQuery(undefined, { skip: !signedIn });
  return {
    loaded: Boolean(data),
    pending: isLoading,
    role: data?.role,
    groupId: data?.groupId,
    can: (action) => !data || data.actions.includes(action),
    withheldByGroup: (action) => Boolean(data?.withheldByGroup.includes(action)),
  };
}
