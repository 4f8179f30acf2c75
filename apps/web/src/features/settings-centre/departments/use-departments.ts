import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Department } from '@portal/shared/api/settings';
import { departmentsQuery } from '../settings-api';
import { type DepartmentNode, departmentPaths, departmentTree } from './department-tree';

export interface Departments {
  /** null until the first answer. */
  list: Department[] | null;
  tree: DepartmentNode[];
  paths: Map<number, string>;
  defaultId: number | null;
}

/** The company's departments as a tree, with each one's path and the default one. */
export function useDepartments(): Departments {
  const { data } = useQuery(departmentsQuery());
  return useMemo(() => {
    const list = data ?? null;
    return {
      list,
      tree: departmentTree(list ?? []),
      paths: departmentPaths(list ?? []),
      defaultId: list?.find((d) => d.isDefault)?.id ?? null,
    };
  }, [data]);
}
