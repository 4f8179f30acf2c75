import { apiPaths } from '@portal/shared/api/paths';
import type {
  CompanyInvitation,
  CreateCompanyInvitationRequest,
  CreateDepartmentRequest,
  CreateMemberRequest,
  CreatedCompanyInvitation,
  Department,
  MemberPage,
  MembersQuery,
  PersonalizationIconResponse,
  RenameDepartmentRequest,
  SavePersonalizationRequest,
  UpdateMemberRequest,
} from '@portal/shared/api/settings';
import { apiClient } from '../../lib/api-client';

/** The settings centre's administrator calls (contract: `S`); each acts on the session's current company.
 *  The personalization query, which the whole app uses, is the session feature's. */
export function savePersonalization(body: SavePersonalizationRequest): Promise<null> {
  return apiClient.post<null>(apiPaths.savePersonalization, body);
}

export function uploadIcon(file: File): Promise<PersonalizationIconResponse> {
  const form = new FormData();
  form.append('file', file);
  return apiClient.post<PersonalizationIconResponse>(apiPaths.uploadIcon, form);
}

export function fetchMembers(query: MembersQuery): Promise<MemberPage> {
  return apiClient.get<MemberPage>(apiPaths.members, { query: query });
}

export function createMember(body: CreateMemberRequest): Promise<{ userId: number }> {
  return apiClient.post<{ userId: number }>(apiPaths.createMember, body);
}

export function updateMember(body: UpdateMemberRequest): Promise<null> {
  return apiClient.post<null>(apiPaths.updateMember, body);
}

export function removeMember(userId: number): Promise<null> {
  return apiClient.post<null>(apiPaths.removeMember, { userId });
}

export function fetchDepartments(): Promise<Department[]> {
  return apiClient.get<Department[]>(apiPaths.departments);
}

export function createDepartment(body: CreateDepartmentRequest): Promise<{ id: number }> {
  return apiClient.post<{ id: number }>(apiPaths.createDepartment, body);
}

export function renameDepartment(body: RenameDepartmentRequest): Promise<null> {
  return apiClient.post<null>(apiPaths.renameDepartment, body);
}

export function deleteDepartment(id: number): Promise<null> {
  return apiClient.post<null>(apiPaths.deleteDepartment, { id });
}

export function fetchInvitations(): Promise<CompanyInvitation[]> {
  return apiClient.get<CompanyInvitation[]>(apiPaths.invitations);
}

export function createInvitation(body: CreateCompanyInvitationRequest): Promise<CreatedCompanyInvitation> {
  return apiClient.post<CreatedCompanyInvitation>(apiPaths.createInvitation, body);
}

export function revokeInvitation(id: number): Promise<null> {
  return apiClient.post<null>(apiPaths.revokeInvitation, { id });
}
