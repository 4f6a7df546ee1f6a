// The admin frame every Element Plus page sits in: a top menu and a content card.

/** The frame component: `title` on the card, the page's form in the default slot. */
export const Shell = {
  props: { title: String, active: String },
  mounted() {
    document.title = `${this.title} · Acme Admin`;
  },
  template: `
    <el-container style="min-height: 100vh">
      <el-header style="padding: 0">
        <el-menu mode="horizontal" :default-active="active" :ellipsis="false">
          <el-menu-item index="dashboard">Dashboard</el-menu-item>
          <el-menu-item index="users">Users</el-menu-item>
          <el-menu-item index="settings">Settings</el-menu-item>
        </el-menu>
      </el-header>
      <el-main style="max-width: 760px; width: 100%; margin: 0 auto">
        <el-card :header="title"><slot /></el-card>
      </el-main>
    </el-container>`,
};
