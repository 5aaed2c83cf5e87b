var body: some View {
  VStack { Text("a").padding(); if x { Circle() } }
}
