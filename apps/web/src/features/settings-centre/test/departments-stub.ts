import type { Department } from '@portal/shared/api/settings';
import { departmentPaths, departmentTree } from '../departments/department-tree';
import type { Departments } from '../departments/use-departments';

/** Departments as the tabs receive them, without a server. */
export function departmentsStub(
  list: Department[] = [
    { id: 1, name: 'Default', parentId: null, isDefault: true, memberCount: 2 },
    { id: 2, name: 'Sales', parentId: null, isDefault: false, memberCount: 0 },
  ],
): Departments {
  return {
    list,
    tree: departmentTree(list),
    paths: departmentPaths(list),
    defaultId: list.find((d) => d.isDefault)?.id ?? null,
  };
}
