import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Department } from '@portal/shared/api/settings';
import { ApiError } from '../../../lib/api-error';
import { fetchDepartments } from '../settings-api';
import { type DepartmentNode, departmentPaths, departmentTree } from './department-tree';

export interface Departments {
  /** null until the first answer. */
  list: Department[] | null;
  tree: DepartmentNode[];
  paths: Map<number, string>;
  defaultId: number | null;
  reload(): void;
}

/** The company's departments, shared by every tab: a change on one tab shows on the others. */
export function useDepartments(): Departments {
  const [list, setList] = useState<Department[] | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let active = true;
    fetchDepartments()
      .then((departments) => {
        if (active) setList(departments);
      })
      .catch((error: unknown) => {
        // reported by the api client; what was shown stays
        if (!(error instanceof ApiError)) throw error;
      });
    return () => {
      active = false;
    };
  }, [version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);

  return useMemo(
    () => ({
      list,
      tree: departmentTree(list ?? []),
      paths: departmentPaths(list ?? []),
      defaultId: list?.find((d) => d.isDefault)?.id ?? null,
      reload,
    }),
    [list, reload],
  );
}
