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
const S = '/api/settcntr/admin/v4/enterprise';

export function savePersonalization(body: SavePersonalizationRequest): Promise<null> {
  return apiClient.post<null>(`${S}/personalization/save`, body);
}

export function uploadIcon(file: File): Promise<PersonalizationIconResponse> {
  const form = new FormData();
  form.append('file', file);
  return apiClient.post<PersonalizationIconResponse>(`${S}/personalization/icon`, form);
}

export function fetchMembers(query: MembersQuery): Promise<MemberPage> {
  return apiClient.get<MemberPage>(`${S}/members`, { params: query });
}

export function createMember(body: CreateMemberRequest): Promise<{ userId: number }> {
  return apiClient.post<{ userId: number }>(`${S}/members/create`, body);
}

export function updateMember(body: UpdateMemberRequest): Promise<null> {
  return apiClient.post<null>(`${S}/members/update`, body);
}

export function removeMember(userId: number): Promise<null> {
  return apiClient.post<null>(`${S}/members/remove`, { userId });
}

export function fetchDepartments(): Promise<Department[]> {
  return apiClient.get<Department[]>(`${S}/departments`);
}

export function createDepartment(body: CreateDepartmentRequest): Promise<{ id: number }> {
  return apiClient.post<{ id: number }>(`${S}/departments/create`, body);
}

export function renameDepartment(body: RenameDepartmentRequest): Promise<null> {
  return apiClient.post<null>(`${S}/departments/rename`, body);
}

export function deleteDepartment(id: number): Promise<null> {
  return apiClient.post<null>(`${S}/departments/delete`, { id });
}

export function fetchInvitations(): Promise<CompanyInvitation[]> {
  return apiClient.get<CompanyInvitation[]>(`${S}/invitations`);
}

export function createInvitation(body: CreateCompanyInvitationRequest): Promise<CreatedCompanyInvitation> {
  return apiClient.post<CreatedCompanyInvitation>(`${S}/invitations/create`, body);
}

export function revokeInvitation(id: number): Promise<null> {
  return apiClient.post<null>(`${S}/invitations/revoke`, { id });
}
