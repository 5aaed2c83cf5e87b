struct V: View { var body: some View { VStack { Text("a" .font( } } 
